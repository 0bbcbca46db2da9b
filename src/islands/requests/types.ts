/** The wire shapes the request screens read (docs/requests.md), from the feature's schemas. Types only: nothing here ships. */
import type { z } from '@/lib/zod';
import type { actionPreviewSchema, RequestSettingsInput } from '@/features/requests';

export type { ReplyTime, RequestOptions, RequestView, RequestWindow } from '@/features/requests';
export type LinkPreview = z.output<typeof actionPreviewSchema>;
/** What the settings call answers and takes. */
export type RequestSettings = { [K in keyof RequestSettingsInput]-?: Exclude<RequestSettingsInput[K], undefined> };
