import { definePort } from '../module.js';
import type { AuthService } from './auth.service.js';

/** Who a bearer token is (every call, socket and metrics scrape), and the sign-in page's key. */
export type AuthPort = Pick<AuthService, 'authenticate'>;

export const authPort = definePort<AuthPort>('auth');
