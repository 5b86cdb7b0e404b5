import { randomUUID } from 'node:crypto';
import type { ContractClient } from '../connector-contract/client.js';
import { CREDIT_INQUIRY } from './contract.js';
import type { CreditBureau } from './port.js';

/** The credit bureau port, answered through the contract (over HTTPS, or by the sandbox connector in process). */
export function bureauOverContract(client: ContractClient): CreditBureau {
  return {
    inquire: (inquiry) => client.call(CREDIT_INQUIRY, inquiry, `credit-inquiry:${randomUUID()}`),
  };
}
