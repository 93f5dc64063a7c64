import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { timeOfDaySchema } from '../domain/plant-calendar.js';
import { permitTypeCodes } from '../domain/gb30871-input.js';

const P = '/UAPI/RiskResearch';

export const commitmentStatuses = ['draft', 'signed'] as const;

/** One day's safety commitment notice, as drafted from live data and, once signed, as published. */
export const commitmentNoticeItem = z.object({
  id: z.number().int(),
  /** The plant's local day, YYYY-MM-DD. */
  day: z.string(),
  status: z.enum(commitmentStatuses),
  units: z.object({
    operating: z.array(z.string()),
    stopped: z.array(z.string()),
    maintenance: z.array(z.string()),
  }),
  /** Permits in effect by GB 30871 type when drafted. */
  specialWork: z.array(z.object({ type: z.enum(permitTypeCodes), count: z.number().int() })),
  hazards: z.object({
    /** Major hazard sources in the register. */
    sources: z.number().int(),
    /** Their bound tags with an open alarm when drafted. */
    alarmedTags: z.number().int(),
    underControl: z.boolean(),
  }),
  statement: z.string(),
  responsibleName: z.string(),
  draftedAt: z.number(),
  draftedBy: z.string(),
  signerName: z.string().nullable(),
  signedAt: z.number().nullable(),
  /** SHA-256 of the signed content, signer and time: what the signature vouches for. */
  signature: z.string().nullable(),
});
export type CommitmentNoticeItem = z.infer<typeof commitmentNoticeItem>;

export const commitmentConfigItem = z.object({
  responsibleUserId: z.number().int().nullable(),
  responsibleName: z.string(),
  /** Local time the morning draft is made. */
  draftTime: z.string(),
  statement: z.string(),
});
export type CommitmentConfigItem = z.infer<typeof commitmentConfigItem>;

/** Today's notice (null before it is drafted), the settings' responsible person and whether the caller is that person. */
export const commitmentNoticeToday = defineContract({
  method: 'GET',
  path: `${P}/CommitmentNoticeToday`,
  input: z.object({}),
  output: z.object({ notice: commitmentNoticeItem.nullable(), day: z.string(), responsibleName: z.string(), maySign: z.boolean(), serverTime: z.number() }),
  permission: 'commitment:view',
});

/** Drafts today's notice again from live data (units, permits in effect, major hazards); refused once signed. */
export const commitmentNoticeDraft = defineContract({
  method: 'POST',
  path: `${P}/CommitmentNoticeAdd`,
  input: z.object({}),
  output: commitmentNoticeItem,
  permission: 'commitment:manage',
});

/** Edits a draft's statement or the hazards' state (the responsible person's judgement); refused once signed. */
export const commitmentNoticeSave = defineContract({
  method: 'POST',
  path: `${P}/CommitmentNoticeEdit`,
  input: z.object({ id: z.number().int(), statement: z.string().trim().min(1).max(1000), underControl: z.boolean() }),
  output: commitmentNoticeItem,
  permission: 'commitment:manage',
});

/** Signs a draft: only the configured responsible person, on their own session; audited. */
export const commitmentNoticeSign = defineContract({
  method: 'POST',
  path: `${P}/CommitmentNoticeSign`,
  input: z.object({ id: z.number().int() }),
  output: commitmentNoticeItem,
  permission: 'commitment:view',
});

export const commitmentNoticeList = defineContract({
  method: 'GET',
  path: `${P}/CommitmentNoticeManage`,
  input: z.object({ ...pageInput, status: z.enum(commitmentStatuses).optional() }),
  output: listOf(commitmentNoticeItem),
  permission: 'commitment:view',
});

export const commitmentConfigGet = defineContract({
  method: 'GET',
  path: `${P}/CommitmentNoticeConfig`,
  input: z.object({}),
  output: commitmentConfigItem,
  permission: 'commitment:manage',
});

export const commitmentConfigSave = defineContract({
  method: 'POST',
  path: `${P}/CommitmentNoticeConfigSave`,
  input: z.object({
    responsibleUserId: z.number().int().positive(),
    draftTime: timeOfDaySchema,
    statement: z.string().trim().min(1).max(1000),
  }),
  output: commitmentConfigItem,
  permission: 'commitment:manage',
});

/** What /showCommitment and the big screens show without signing in: the latest signed notice and the ones before it. */
export const commitmentNoticeShow = defineContract({
  method: 'GET',
  path: `${P}/ShowCommitment`,
  input: z.object({}),
  output: z.object({ latest: commitmentNoticeItem.nullable(), history: z.array(commitmentNoticeItem), serverTime: z.number() }),
  permission: 'public',
});
