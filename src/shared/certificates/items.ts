import { z } from 'zod';

/** A certificate that expires soon or has expired (topic `certificates.expiring`); the list call is the truth. */
export const certificateExpiryItem = z.object({
  id: z.number().int(),
  holder: z.string(),
  kind: z.string(),
  number: z.string(),
  /** End of validity, epoch ms. */
  expiry: z.number(),
  /** Whole days left (negative: expired that many days ago). */
  daysLeft: z.number().int(),
  deptid: z.number().int().nullable(),
  /** When it was computed, epoch ms. */
  t: z.number(),
});
export type CertificateExpiryItem = z.infer<typeof certificateExpiryItem>;
