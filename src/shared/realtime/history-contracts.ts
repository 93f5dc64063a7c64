import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

/** Storage figures of the historian per tag (issue 8): encoded chunk bytes and samples stored. */
export const tagStorageStats = defineContract({
  method: 'POST',
  path: '/UAPI/Tag/StorageStats',
  input: z.object({}),
  output: z.object({
    /** When the figures were computed (epoch ms); they are refreshed at most once a minute. */
    at: z.number(),
    samples: z.number(),
    bytes: z.number(),
    bytesPerSample: z.number(),
    items: z.array(z.object({ tag: z.string(), chunks: z.number(), samples: z.number(), bytes: z.number(), bytesPerSample: z.number() })),
  }),
  permission: 'realtime:manage',
});
