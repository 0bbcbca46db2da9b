/** Time requests' wire schemas (docs/requests.md). Browser-safe. */
export * from './requests';
