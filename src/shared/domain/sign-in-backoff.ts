/**
 * How long one account at one address waits before its next sign-in attempt: a progressive delay instead of a
 * lockout. NIST SP 800-63B §5.2.2 (rate limiting) names "requiring the claimant to wait following a failed
 * attempt with a period of time that increases as the account approaches its maximum allowance"; OWASP ASVS 4.0
 * V2.2.1 asks for soft lockouts that stop guessing without locking the account's owner out. The key is the
 * account *and* the address, so guessing from one address never holds the owner back at another.
 */
export interface SignInBackoff {
  /** Failed attempts that cost nothing (a user mistyping); at least 1. The failure that reaches it starts the waits. */
  free: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  firstDelayMs: number;
  /** The longest wait (the rate an attacker at one address is held to once there). */
  maxDelayMs: number;
}

/** The wait, counted from the latest failure, before the attempt after `failures` failed ones (0: no wait). */
export function signInWaitMs(failures: number, rule: SignInBackoff): number {
  if (failures < rule.free) {
    return 0;
  }
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.free));
}
