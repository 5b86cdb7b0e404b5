import { SANDBOX } from '../db/seed/sandbox.js';
import { loginSigningString } from '../modules/auth/index.js';
import { hmacSha256Hex } from '../security/tokens.js';

/**
 * Prints a ready-to-run curl login for a web service account (the sandbox one by default):
 * VOLTIN_URL, VOLTIN_API_KEY and VOLTIN_API_SECRET override. The signature is valid for 300 seconds, once.
 */
const baseUrl = process.env.VOLTIN_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const apiKey = process.env.VOLTIN_API_KEY ?? SANDBOX.apiKey;
const secret = process.env.VOLTIN_API_SECRET ?? SANDBOX.apiSecret;
const timestamp = Math.floor(Date.now() / 1000);
const signature = hmacSha256Hex(secret, loginSigningString(apiKey, timestamp));
const query = new URLSearchParams({ token: apiKey, timestamp: String(timestamp), signature });
console.log(`curl -s -X POST '${baseUrl}/api/v1/auth/login?${query}'`);
