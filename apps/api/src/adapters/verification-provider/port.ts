/**
 * The contract of a third-party verification (TPV) provider: Voltin hands it a sale to verify by phone, and the
 * provider answers later through `PUT /api/v1/tpv/verification/{verificationId}`.
 */
export interface SaleToVerify {
  verificationId: string;
  enrollmentId: number;
  customer: {
    firstName: string;
    lastName: string;
    firmName: string | null;
    phone: string | null;
    email: string | null;
    /** en or es: the language to call in. */
    language: string;
  };
  plan: { id: number; name: string };
  serviceAddress: { address: string; city: string; state: string; zipcode: string };
}

export interface ProviderEndpoint {
  url: string;
  /** The shared secret the request is signed with. */
  secret: string;
}

/** The provider did not take the sale (no answer, or an answer other than 2xx): it is sent again later. */
export class VerificationProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationProviderError';
  }
}

export interface VerificationProvider {
  send(endpoint: ProviderEndpoint, sale: SaleToVerify): Promise<void>;
}
