/** Whether the List Your Business popup is open; every For Businesses / List Your Business button sets it. */
import { atom } from 'nanostores';

export const $businessPopupOpen = atom(false);

/** Raised after a listing is created, so islands showing providers can refresh. */
export const PROVIDERS_CHANGED_EVENT = 'glow:providers-changed';
