/**
 * The state machine of a request as data (docs/requests.md "States"): each action, the states it
 * may start from, the state it leads to and who may take it. The domain changes a request only
 * through this table, with a conditional UPDATE … WHERE state IN (from), so two actions at once
 * (an Accept and a Cancel) leave exactly one outcome. Browser-safe.
 */
import type { RequestState } from './copy';

export type Actor = 'owner' | 'shopper' | 'system';

export interface Transition {
  from: readonly RequestState[];
  to: RequestState;
  by: Actor;
  /** Whether this is the business's answer to a request (reply time counts the first). */
  answers?: boolean;
}

export const TRANSITIONS = {
  accept: { from: ['requested'], to: 'accepted', by: 'owner', answers: true },
  propose: { from: ['requested'], to: 'proposed', by: 'owner', answers: true },
  decline: { from: ['requested'], to: 'declined', by: 'owner', answers: true },
  cancel: { from: ['accepted', 'proposed'], to: 'cancelled', by: 'owner' },
  'accept-proposal': { from: ['proposed'], to: 'accepted', by: 'shopper' },
  'decline-proposal': { from: ['proposed'], to: 'declined', by: 'shopper' },
  'shopper-cancel': { from: ['requested', 'proposed', 'accepted'], to: 'cancelled', by: 'shopper' },
  expire: { from: ['requested', 'proposed'], to: 'expired', by: 'system' },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

/** Whether `action` may be taken on a request in `state`. */
export const allowedFrom = (action: TransitionName, state: RequestState): boolean => (TRANSITIONS[action].from as readonly string[]).includes(state);
