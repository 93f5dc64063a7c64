import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

export const getServerTime = defineContract({
  method: 'GET',
  path: '/getServerTime',
  input: z.object({}),
  output: z.object({ serverTime: z.number().int() }),
  permission: 'public',
});

/** The server's RSA public key for the sign-in body (SPKI, base64, RSA-OAEP with SHA-256). */
export const getPublicKey = defineContract({
  method: 'GET',
  path: '/oaa/api/Account/GetPublicKey',
  input: z.object({}),
  output: z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP-256') }),
  permission: 'public',
});

/** What the browser encrypts for LoginSecure. */
export const loginSecurePlain = z.object({
  loginname: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** The value of GET /getServerTime; bodies older than the window are refused. */
  serverTime: z.number().int(),
  /** Random per attempt; a body seen before is refused as a replay. */
  nonce: z.string().min(8).max(64),
});
export type LoginSecurePlain = z.infer<typeof loginSecurePlain>;

export const userInfo = z.object({
  userid: z.number().int(),
  c_id: z.number().int(),
  username: z.string(),
  phone: z.string(),
  loginname: z.string(),
  headimg: z.string(),
  subsidiaryId: z.number().int(),
  /** 1: the user must change the password before the portal opens. */
  isNeedChangePassword: z.number().int(),
  reportprint: z.string(),
  reportprint2: z.string(),
  uploadurl: z.string(),
  deptid: z.number().int(),
  deptname: z.string(),
  /** The department's English name ('' when none; issue 11). */
  deptname_en: z.string().default(''),
});
export type UserInfo = z.infer<typeof userInfo>;

const tokens = {
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Access-token lifetime in seconds. */
  expiresIn: z.number().int(),
};

export const loginSecure = defineContract({
  method: 'POST',
  path: '/oaa/api/Account/LoginSecure',
  /** `data`: base64 RSA-OAEP ciphertext of `loginSecurePlain` as JSON. */
  input: z.object({ data: z.string().min(1).max(4096) }),
  output: z.object({ userInfo, ...tokens, url: z.string() }),
  permission: 'public',
});

export const refreshToken = defineContract({
  method: 'POST',
  path: '/oaa/api/token/refresh',
  input: z.object({ phonenumber: z.string().optional(), refreshToken: z.string().min(1) }),
  output: z.object(tokens),
  permission: 'public',
});

export const getUserInfo = defineContract({
  method: 'GET',
  path: '/user/info',
  input: z.object({ token: z.string().optional() }),
  output: userInfo.extend({
    /** Role codes; never empty for a user who can sign in (seed 1 §6). */
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    /** Occupational-health admin flag as the seed sends it: 0 admin, 1 not (seed 1 §4.2). */
    isAdmin: z.number().int(),
  }),
  permission: 'authenticated',
});

export const logOff = defineContract({
  method: 'POST',
  path: '/UAPI/Account/LogOff',
  input: z.object({ refreshToken: z.string().optional() }),
  output: z.object({}),
  permission: 'authenticated',
});

/** Password rule: 8–64 characters with at least one letter and one digit. */
export const newPasswordSchema = z
  .string()
  .min(8, 'auth.passwordMin8')
  .max(64)
  .regex(/[A-Za-z]/, 'auth.passwordLetter')
  .regex(/\d/, 'auth.passwordDigit');

export const changePasswordNew = defineContract({
  method: 'POST',
  path: '/API/Account/ChangePasswordNew',
  input: z.object({ oldPassword: z.string().min(1), newPassword: newPasswordSchema }),
  output: z.object({}),
  permission: 'authenticated',
});

/** Login-page and shell configuration (seed 1 §3.2). */
export const getLoginPageConfig = defineContract({
  method: 'POST',
  path: '/API/LoginMode/GetLoginPageConfig',
  input: z.object({}),
  output: z.object({
    customerwebtitle: z.string(),
    customershortname: z.string(),
    LogOutJumpUrl: z.string(),
    IsNeedMenuPermissions: z.number().int(),
    /** Demo mode: the sign-in page lists the demo accounts. */
    demo: z.boolean(),
    demoAccounts: z.array(z.string()),
  }),
  permission: 'public',
});

/** The calls a user who must change the password may still make (seed 1 §4.2). */
export const PASSWORD_CHANGE_PATHS: string[] = [
  getUserInfo.path,
  changePasswordNew.path,
  logOff.path,
  getServerTime.path,
  getPublicKey.path,
  getLoginPageConfig.path,
];
