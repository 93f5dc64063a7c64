import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { signatureImage } from './contracts.js';

/*
 * The energy isolation steps held in code (issue 25 §6; the sheet itself and
 * its assessment, approval, removal request and cancellation are the record
 * engine's `EnergyIsolation` ledger): each signed on the pad by the person
 * the sheet names, on their own session, audited with the record's step.
 */
const stepInput = z.object({
  id: z.number().int().positive(),
  version: z.number().int().optional(),
  signature: signatureImage,
});
const stepOutput = z.object({ id: z.number().int(), status: z.number().int(), version: z.number().int() });

/** First confirmation: every point locked and tagged (status stays 3, to be implemented). */
export const isolationLock = defineContract({ method: 'POST', path: '/UAPI/EnergyIsolation/Lock', input: stepInput, output: stepOutput, permission: 'permit:view' });
/** Second confirmation, by another person: the isolation verified (3 → 4, in effect). */
export const isolationVerify = defineContract({ method: 'POST', path: '/UAPI/EnergyIsolation/Verify', input: stepInput, output: stepOutput, permission: 'permit:view' });
/** Removal (7 → 8), refused while a linked permit's work is open (作业未完成，禁止解除隔离措施). */
export const isolationRemove = defineContract({ method: 'POST', path: '/UAPI/EnergyIsolation/Remove', input: stepInput, output: stepOutput, permission: 'permit:view' });
