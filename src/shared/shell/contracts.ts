import { z } from 'zod';
import { newPasswordSchema } from '../auth/contracts.js';
import { defineContract } from '../contracts/contract.js';

/** A link an administrator may set: http(s) or a path on this site; empty clears it. */
const link = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s]*$/.test(v), 'validation.link');

/** What the system configuration page edits (seed 1 §9: the app download link among them). */
export const systemConfigFields = z.object({
  appDownloadUrl: link,
  customerwebtitle: z.string().trim().min(1).max(100),
  customershortname: z.string().trim().max(100),
  LogOutJumpUrl: link,
});
export type SystemConfigFields = z.infer<typeof systemConfigFields>;

export const systemConfigGet = defineContract({
  method: 'POST',
  path: '/UAPI/SystemConfig/Get',
  input: z.object({}),
  output: systemConfigFields,
  permission: 'system:config',
});

export const systemConfigSave = defineContract({
  method: 'POST',
  path: '/UAPI/SystemConfig/Save',
  input: systemConfigFields.partial(),
  output: systemConfigFields,
  permission: 'system:config',
});

/** /download: the app link and the portal's title, for anyone (public route, seed 1 §2.1). */
export const appDownloadInfo = defineContract({
  method: 'GET',
  path: '/UAPI/AppDownload/Info',
  input: z.object({}),
  output: z.object({ url: z.string(), title: z.string() }),
  permission: 'public',
});

/** An administrator issues a one-time, expiring reset link for a user (personnel page). */
export const passwordResetIssue = defineContract({
  method: 'POST',
  path: '/UAPI/Account/PasswordResetIssue',
  input: z.object({ userid: z.coerce.number().int().positive() }),
  output: z.object({ token: z.string(), expiresAt: z.number().int(), loginname: z.string() }),
  permission: 'org:manage',
});

const resetToken = z.string().trim().min(16).max(200);

/** /ResetPassword opens with the token: whose account, until when (refused when used or expired). */
export const passwordResetCheck = defineContract({
  method: 'POST',
  path: '/oaa/api/Account/PasswordResetCheck',
  input: z.object({ token: resetToken }),
  output: z.object({ loginname: z.string(), expiresAt: z.number().int() }),
  permission: 'public',
});

/** The user sets a new password that meets the policy; the link works once. */
export const passwordResetComplete = defineContract({
  method: 'POST',
  path: '/oaa/api/Account/PasswordResetComplete',
  input: z.object({ token: resetToken, newPassword: newPasswordSchema }),
  output: z.object({ loginname: z.string() }),
  permission: 'public',
});

/** 去处理 on a to-do: where it leads; a `visit` to-do is done once opened. */
export const myTodoVisit = defineContract({
  method: 'POST',
  path: '/todo/api/myTodo/visit',
  input: z.object({ id: z.coerce.number().int().positive() }),
  output: z.object({ href: z.string() }),
  permission: 'authenticated',
});

/** How many pages each system has at all (menu type 2 by eightyEightType), so the home can tell "no pages yet" from "no access". */
export const systemPageCounts = defineContract({
  method: 'GET',
  path: '/UAPI/Common/SystemPageCounts',
  input: z.object({}),
  output: z.record(z.string(), z.number().int()),
  permission: 'authenticated',
});
