import { randomUUID } from 'node:crypto';
import type { ContractClient } from '../connector-contract/client.js';
import {
  ACCOUNT_SUMMARY,
  GET_STATEMENT,
  LIST_CHARGES,
  LIST_STATEMENTS,
  SUBMIT_ENROLLMENT,
  USAGE_HISTORY,
} from './contract.js';
import type { BillingAccounts, BillingSystem } from './port.js';

const readKey = () => `billing-read:${randomUUID()}`;

/** The billing system port, answered through the contract (over HTTPS, or by the sandbox connector in process). */
export function billingOverContract(client: ContractClient): BillingSystem & BillingAccounts {
  return {
    submitEnrollment: (submission) =>
      client.call(
        SUBMIT_ENROLLMENT,
        submission,
        `enrollment:${submission.companyId}:${submission.enrollmentId}:attempt:${submission.submissionAttempt}`,
      ),
    statements: async (account) => (await client.call(LIST_STATEMENTS, { account }, readKey())).statements,
    statement: async (account, statementToken) =>
      (await client.call(GET_STATEMENT, { account, statementToken }, readKey())).statement,
    charges: async (account) => (await client.call(LIST_CHARGES, { account }, readKey())).charges,
    usageHistory: async (account) => (await client.call(USAGE_HISTORY, { account }, readKey())).usage,
    summary: (account) => client.call(ACCOUNT_SUMMARY, { account }, readKey()),
  };
}
