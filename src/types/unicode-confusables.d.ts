// The package ships its types as `index.ts.d`, which its `types` field does not name: the same declarations here.
declare module 'unicode-confusables' {
  /** Each code point replaced by its prototype in Unicode's confusables table (TS #39), zero-width characters dropped. */
  export function rectifyConfusion(input: string): string;
}
