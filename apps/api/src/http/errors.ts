/**
 * Every error code the API can answer with, its HTTP status and what it means.
 * The docs site's error reference is generated from this table.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: {
    status: 400,
    description:
      'A parameter or body field is missing, of the wrong type or out of range. `errors` names each field.',
  },
  MALFORMED_REQUEST: {
    status: 400,
    description: 'The body is not valid JSON, or the request cannot be read.',
  },
  AUTH_REQUIRED: { status: 401, description: 'No `Authorization: Bearer <token>` header was sent.' },
  AUTH_TOKEN_INVALID: {
    status: 401,
    description: 'The access token is malformed, was not issued by this server or its account is disabled.',
  },
  AUTH_TOKEN_EXPIRED: {
    status: 401,
    description: 'The access token has expired; call `POST /auth/refresh` or log in again.',
  },
  AUTH_TOKEN_REVOKED: {
    status: 401,
    description:
      'The login this access token descends from was ended: `POST /auth/logout`, or a refresh token of it used twice. Log in again.',
  },
  AUTH_INVALID_CREDENTIALS: {
    status: 401,
    description: 'Unknown API key, disabled account or wrong signature.',
  },
  AUTH_TIMESTAMP_OUT_OF_WINDOW: {
    status: 401,
    description: 'The login timestamp is more than 300 seconds away from server time.',
  },
  AUTH_SIGNATURE_REPLAYED: {
    status: 401,
    description: 'This login signature was already used; each signature is accepted once.',
  },
  AUTH_REFRESH_TOKEN_INVALID: {
    status: 401,
    description:
      'The refresh token is unknown, expired, or does not belong to the access token sent with it.',
  },
  AUTH_REFRESH_TOKEN_REUSED: {
    status: 401,
    description:
      'A refresh token was used twice; every token of its family is revoked and the account must log in again.',
  },
  CUSTOMER_LOGIN_FAILED: {
    status: 401,
    description: 'Wrong username or password, or the customer account is disabled.',
  },
  CUSTOMER_HASH_REQUIRED: {
    status: 401,
    description:
      'This call is customer-scoped and needs the `X-Customer-Hash` header from `POST /customers/login`.',
  },
  CUSTOMER_HASH_INVALID: {
    status: 401,
    description: 'The customer hash is unknown, expired, or belongs to another retail company.',
  },
  PERMISSION_DENIED: {
    status: 403,
    description:
      "The web service account is not permitted to call this endpoint (in the Operations console: the staff member's roles do not permit it).",
  },
  STAFF_SIGN_IN_FAILED: {
    status: 401,
    description: 'Operations console: the email or password is not correct, or the user is disabled.',
  },
  STAFF_TOTP_REQUIRED: {
    status: 401,
    description:
      'Operations console: the password is right and a one-time code from the authenticator app is needed (`totp`), or the code sent is wrong or already used.',
  },
  STAFF_TOTP_SETUP_REQUIRED: {
    status: 403,
    description:
      'Operations console: Administrators must use a second factor in production; ask another Administrator for a set-up link to enrol an authenticator app.',
  },
  STAFF_SESSION_REQUIRED: {
    status: 401,
    description:
      'Operations console: nobody is signed in from this browser (no session cookie, or it was signed out).',
  },
  STAFF_SESSION_EXPIRED: {
    status: 401,
    description:
      'Operations console: the session was idle too long or reached its absolute lifetime; sign in again.',
  },
  CSRF_TOKEN_INVALID: {
    status: 403,
    description:
      'Operations console: a state-changing call must send the `X-CSRF-Token` header with the token the sign-in answered.',
  },
  STAFF_SETUP_LINK_INVALID: {
    status: 410,
    description:
      'Operations console: the set-up link is unknown, already used or expired; ask an Administrator for a new one.',
  },
  STAFF_EMAIL_TAKEN: {
    status: 409,
    description: 'Operations console: a staff user with this email already exists.',
  },
  STAFF_LAST_ADMINISTRATOR: {
    status: 409,
    description: 'Operations console: the change would leave the company with no active Administrator.',
  },
  STAFF_USER_PROTECTED: {
    status: 403,
    description:
      "Operations console: the staff user is a platform operator, whose login only the operator command manages; a company's Administrator cannot change it.",
  },
  COMPANY_SLUG_TAKEN: {
    status: 409,
    description:
      'Operations console: a retail company with this slug already exists (slugs name companies in operator commands); choose another.',
  },
  SERVICE_ACCOUNT_REVOKED: {
    status: 409,
    description:
      'Operations console: the web service account is revoked; it cannot be rotated or revoked again (create a new one).',
  },
  COMPANY_SETUP_CHANGED: {
    status: 409,
    description:
      'Operations console: someone changed the company settings or the brand since they were read (the `version` sent is not the current one); nothing was saved. Read them again, then change them.',
  },
  BRAND_SYSTEM_NAME_TAKEN: {
    status: 409,
    description: 'Operations console: the company already has a brand with this `system_name`.',
  },
  CUSTOMER_HAS_NO_LOGIN: {
    status: 409,
    description:
      'Operations console: the customer has no active login with an email address, so no password-reset link can be sent.',
  },
  CUSTOMER_FORBIDDEN: {
    status: 403,
    description: 'The resource belongs to another customer than the one the customer hash was issued for.',
  },
  ROUTE_NOT_FOUND: { status: 404, description: 'No endpoint has this method and path.' },
  NOT_FOUND: {
    status: 404,
    description: 'The resource does not exist, or belongs to another retail company.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    description:
      'The request line and headers (20 seconds by default) or the whole request with its body (120 seconds) did not arrive in time; the connection is closed and nothing was done.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'The request body is larger than the limit.' },
  UPLOAD_QUOTA_EXCEEDED: {
    status: 413,
    description:
      'Storing the file would pass an upload quota: the files or bytes of the customer (or prospect), or the bytes of the retail company. The message names the quota and what is stored; nothing was stored.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description: 'The body has a content type this endpoint does not accept.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    description: 'The request line and headers are larger than 16 KiB; the connection is closed.',
  },
  RATE_LIMITED: {
    status: 429,
    description: 'Too many attempts; wait for the number of seconds in the `Retry-After` header.',
  },
  INTERNAL_ERROR: {
    status: 500,
    description:
      'An unexpected error; the message carries a reference to quote to support. No detail is exposed.',
  },
  UPSTREAM_UNAVAILABLE: {
    status: 503,
    description:
      'An external system (billing, gateway, bureau) did not answer; nothing was changed, try again.',
  },
  UPSTREAM_REFUSED: {
    status: 502,
    description:
      "An external system's connector refused Voltin's call (a wrong secret, an account it does not know): asking again will not help; the supplier's operations team must fix the connector.",
  },
  FILE_LINK_INVALID: {
    status: 403,
    description: 'The download link was altered or was not issued by this server; ask for a new link.',
  },
  FILE_LINK_EXPIRED: {
    status: 410,
    description:
      'The download link has expired (links are valid for 24 hours); read the resource again for a fresh `downloadUrl`.',
  },
  FILE_INFECTED: {
    status: 422,
    description:
      'The virus scanner found malware in the uploaded file (the message names its finding); nothing was kept.',
  },
  LIBRARY_DOCUMENT_VERSION_TAKEN: {
    status: 409,
    description:
      'Another upload of this library document took the same version number at the same moment; upload the file again to make it the next version.',
  },
  LIBRARY_DOCUMENT_IN_USE: {
    status: 409,
    description:
      'The version is the only live one of a library document that a published plan is sold with; upload its successor first, or detach the document from the plans.',
  },
  PROSPECT_STATUS_TRANSITION_REFUSED: {
    status: 409,
    description:
      "The prospect's current sales status does not allow the requested one; the message lists the statuses it may move to.",
  },
  AFFILIATE_NAME_TAKEN: {
    status: 409,
    description: 'The retail company already has an affiliate with this name; choose another.',
  },
  AFFILIATE_REP_REFERENCE_TAKEN: {
    status: 409,
    description:
      'The affiliate already has a rep with this reference (the `repReferenceId` its sales system sends); choose another.',
  },
  PROSPECT_PACKAGE_NOT_APPLICABLE: {
    status: 422,
    description:
      "The prospect package does not exist, or does not cover the prospect's customer type, utility or market.",
  },
  PRICE_NOT_FOUND: {
    status: 422,
    description:
      'The pricing matrix has no price for the utility, zone, rate code, term, usage tier and start month given.',
  },
  PRICING_RULE_REFUSED: {
    status: 422,
    description:
      "The prospect breaks the company's pricing matrix rules (customer type or term not available, start beyond the tenor limit).",
  },
  PRICING_MATRIX_INVALID: {
    status: 400,
    description:
      'The pricing matrix file was rejected as a whole and nothing was loaded; `errors` names each bad line.',
  },
  PRICING_MATRIX_NOT_FOUND: {
    status: 404,
    description: 'No pricing matrix import of the company has this id.',
  },
  PRICING_MATRIX_CHANGED: {
    status: 409,
    description:
      'Another pricing matrix was put in force since the differences were read (or at the same moment); nothing changed. Read the differences again, then decide.',
  },
  PRICING_MATRIX_NOT_ACTIVATABLE: {
    status: 409,
    description:
      'The pricing matrix import cannot be put in force or discarded in its state: it is discarded, already in force, or a past matrix whose prices were not kept.',
  },
  SIGNING_NOT_CONFIGURED: {
    status: 422,
    description: 'The retail company has no document-signing account, so a contract cannot be sent.',
  },
  SIGNING_REFUSED: {
    status: 422,
    description:
      'The document-signing service refused the contract (no document and no template, a template it does not know, no consent for the integration); the message says why.',
  },
  SIGNING_NO_ENVELOPE: {
    status: 409,
    description:
      'The prospect has no contract envelope to sign: move it to Contract_Sent with signingMethod InPerson first.',
  },
  SIGNING_NOT_IN_PERSON: {
    status: 409,
    description:
      "The prospect's contract was sent for remote signing (the customer gets the link by email or SMS); a signing view is only for InPerson contracts. Withdraw it (Quote_Sent) and send it again InPerson to sign in person.",
  },
  SIGNING_ENVELOPE_CLOSED: {
    status: 409,
    description:
      "The prospect's contract envelope is completed, declined, voided or expired: nobody can sign it any more.",
  },
  SIGNING_ENVELOPE_NOT_SENT: {
    status: 409,
    description:
      'The contract envelope was created but the signing service has not sent it (signingStatus Created or OnHold), so it cannot be signed yet. Withdraw it (Quote_Sent) and send it again.',
  },
  SIGNING_VIEW_LINK_INVALID: {
    status: 403,
    description:
      'The sandbox signing page link was altered or was not issued by this server; ask for a new signing view.',
  },
  SIGNING_ENVELOPE_NOT_FOUND: {
    status: 404,
    description: 'A signing-service webhook names an envelope this server did not create.',
  },
  WEBHOOK_SIGNATURE_MISSING: {
    status: 401,
    description:
      "A webhook arrived without the signing service's HMAC signature header (`X-DocuSign-Signature-1`).",
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 401,
    description:
      'No HMAC signature of the webhook matches a configured Connect key (DOCUSIGN_CONNECT_HMAC_KEYS) or one of the signing account named in the body.',
  },
  VERIFICATION_ALREADY_VERIFIED: {
    status: 409,
    description:
      'The phone verification is already VERIFIED; a verified result is final and cannot be updated.',
  },
  ESIID_UNKNOWN: {
    status: 400,
    description:
      "The Texas ESIID (serviceAddress.ldcAccount) is not in the ERCOT ESI ID data loaded for the utility, and the company refuses unknown meters (company setting `unknown_esiids` = refuse). Check the number on the customer's bill; a premise built since the last extract can be accepted when the company sets `verify_later`.",
  },
  TEXAS_ONLY: {
    status: 422,
    description:
      'The zip code is outside Texas: ESIID (premise) look-ups cover the Texas (ERCOT) market only.',
  },
  TEXAS_ZIPCODE_NOT_SERVED: {
    status: 422,
    description:
      "The Texas zip code is not served by any of the retail company's active Texas utilities (TDSPs).",
  },
  PLAN_NOT_FOUND: {
    status: 404,
    description: 'The plan does not exist, is not published, or belongs to another retail company.',
  },
  PROMO_CODE_INVALID: {
    status: 422,
    description: 'The promo code is unknown, its campaign is paused, or now is outside the campaign window.',
  },
  PROMO_CODE_EXHAUSTED: {
    status: 409,
    description:
      "The promo code's campaign has reached its usage limit: every enrollment it allowed has used it. The code's plans are no longer sold.",
  },
  PROMO_CODE_TAKEN: {
    status: 409,
    description:
      'The retail company already has a campaign with this promo code (codes are compared in upper case); choose another.',
  },
  PLAN_BUNDLE_NOT_FOUND: {
    status: 404,
    description: 'The plan bundle does not exist or belongs to another retail company.',
  },
  PLAN_BUNDLE_NAME_TAKEN: {
    status: 409,
    description:
      'The retail company already has a plan bundle of this name (names are compared without regard to case); choose another.',
  },
  CAMPAIGN_LIMIT_BELOW_USES: {
    status: 409,
    description:
      'The new usage limit is below the number of enrollments that have already used the code; a limit can be lowered to that number at most.',
  },
  CREDIT_CHECK_NOT_FOUND: {
    status: 422,
    description: 'payment.creditCheckId names no credit check of this retail company.',
  },
  CREDIT_CHECK_UNUSABLE: {
    status: 422,
    description:
      "The credit check got no answer from the bureau, or is older than the company's credit_check_valid_days (30 unless set); run a new one.",
  },
  CREDIT_CHECK_OTHER_PERSON: {
    status: 422,
    description:
      'The credit check was not run for the enrolling customer: the name, the date of birth (which must be given when the check carried one) or the SSN differ. Whose check it was is not said.',
  },
  CREDIT_CHECK_SSN_REQUIRED: {
    status: 422,
    description:
      'The plan requires the SSN (allow_use_date_of_birth is false) and the credit check was run without one, e.g. without planId; run it again with socialSecurityNumber.',
  },
  CREDIT_CHECK_IN_USE: {
    status: 409,
    description:
      'The credit check already backs a live enrollment of this LDC number; one check backs at most one live enrollment per LDC number.',
  },
  CREDIT_CHECK_REQUIRED: {
    status: 422,
    description:
      'The plan requires a credit check: run POST /payments/credit-check and pass its id, or bypass it where the plan allows.',
  },
  CREDIT_CHECK_BYPASS_NOT_ALLOWED: {
    status: 422,
    description: 'The plan does not allow skipping the credit check.',
  },
  CREDIT_SCORE_TOO_LOW: {
    status: 422,
    description: "The credit score is below the plan's deposit_deny_service_under_score: service is refused.",
  },
  PLAN_NOT_ON_SALE: {
    status: 422,
    description: 'The plan is deprecated, outside its sale window, or its campaign has ended.',
  },
  UTILITY_NOT_ENROLLING: {
    status: 422,
    description:
      "The plan's utility takes no new enrollments now (the supplier turned them off); renewals and transfers go on.",
  },
  SWITCH_TYPE_NOT_OFFERED: {
    status: 422,
    description:
      "switchType is not one the plan's utility takes (GET /utilities/utility-information: switch_types).",
  },
  PLAN_MISMATCH: { status: 422, description: 'commodityName or customerType does not match the plan.' },
  ACCEPTANCE_REQUIRED: {
    status: 422,
    description: 'A required acceptance option of the plan is missing from agreedAcceptanceValues.',
  },
  START_DATE_TOO_EARLY: {
    status: 422,
    description: "requestedStartDate is earlier than today plus the plan's min_start_date_delay_days.",
  },
  START_DATE_WEEKEND: { status: 422, description: 'The utility does not start service on weekends.' },
  ZIPCODE_NOT_SERVED: {
    status: 422,
    description: "The service address zip code is not served by the plan's utility.",
  },
  ENROLLMENT_DUPLICATE: {
    status: 409,
    description: 'The LDC account already has a live enrollment; its id is in the errors.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    description:
      'This Idempotency-Key was already used by this caller, in the last 24 hours, for another request (another endpoint, path, query or body); use a new key for a new request.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    description:
      'The first request with this Idempotency-Key is still running; ask again shortly and you get its answer.',
  },
  ENROLLMENT_STATUS_CONFLICT: {
    status: 409,
    description: "The enrollment's status does not allow this change (see Enrollment Statuses).",
  },
  ACCEPTANCE_OPTIONS_CHANGED: {
    status: 409,
    description:
      "Someone changed the plan's acceptance options since they were read (or at the same moment); nothing was saved. Read them again, then change them.",
  },
  PLAN_VERSION_NOT_CANCELLABLE: {
    status: 409,
    description:
      'Only a price change whose moment is still to come can be called off; this version is in effect, superseded, already cancelled, or unknown.',
  },
  PLAN_NOT_RENEWABLE: {
    status: 422,
    description:
      'The plan cannot be chosen at renewal: it must be on sale, renewable, and for the same utility and customer type.',
  },
  ENROLLMENT_NOT_RENEWABLE: {
    status: 422,
    description:
      'The enrollment is not renewable now (its `isRenewable` is false): the renewal window has not opened, or its plan does not allow renewals. The reason is in the message.',
  },
  DELIVERY_METHOD_CHANGE_NOT_ALLOWED: {
    status: 422,
    description:
      'The billing system is awaiting information for this enrollment; the delivery method cannot change now.',
  },
  CREDIT_LETTER_PENDING: {
    status: 409,
    description: 'A letter of credit is already uploaded; a new one is allowed only after a rejection.',
  },
  PAYMENT_CARD_INVALID: {
    status: 422,
    description:
      'The card number fails the Luhn check or belongs to no known card brand, or the expiration date cannot be read (YYYY-MM, MM/YY, MM/YYYY).',
  },
  PAYMENT_CARD_EXPIRED: { status: 422, description: 'The card expiration date is in the past.' },
  PAYMENT_BANK_ACCOUNT_INVALID: {
    status: 422,
    description: 'The routing number fails the ABA checksum, or the account number is not 4 to 17 digits.',
  },
  REFUND_NOT_ALLOWED: {
    status: 409,
    description:
      'Operations console: only a bill payment the gateway approved can be refunded (a deposit is returned on the final bill).',
  },
  REFUND_EXCEEDS_PAYMENT: {
    status: 409,
    description:
      'Operations console: the refund would give back more than is left of the payment, counting refunds still waiting for the gateway.',
  },
  PAYMENT_DECLINED: {
    status: 422,
    description: 'The payment gateway declined the card or bank account; nothing was saved or charged.',
  },
  PAYMENT_GATEWAY_REJECTED: {
    status: 422,
    description:
      'The payment gateway refused the request with one of its error codes (Authorize.Net E-codes), named in `errors`; nothing was changed.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    description:
      'The database did not answer (restarting or failing over). A request that got this answer may or may not have been applied: retry it after the `Retry-After` seconds, with the same `Idempotency-Key` where the endpoint takes one, and it is applied once.',
  },
  NOT_READY: {
    status: 503,
    description:
      'Readiness check: the server is up but a dependency it needs (the database, the mail relay) is down; `errors` names each one. Load balancers route elsewhere until it answers 200.',
  },
  PAYMENT_GATEWAY_NOT_CONFIGURED: {
    status: 503,
    description:
      "The retail company's payment gateway set-up cannot be used (unknown gateway, missing credentials, gateway other than the configured one); the message says what to fix.",
  },
  PAYMENT_TYPE_NOT_ALLOWED: {
    status: 422,
    description:
      'The retail company does not accept this payment type (CreditCard, BankAccount) for this transaction type; see GET /configuration-parameters.',
  },
  BRAND_NOT_FOUND: {
    status: 404,
    description: '`brandId` names no active brand (`id_site` from `GET /brands`) of this retail company.',
  },
  USERNAME_INVALID: {
    status: 400,
    description:
      'The username is not 3 to 100 characters of letters, digits and `. _ - @ +` starting with a letter or digit.',
  },
  USERNAME_TAKEN: {
    status: 409,
    description:
      'Another customer of the retail company already has this username (usernames are case-insensitive).',
  },
  EMAIL_INVALID: {
    status: 400,
    description: 'The email address is not in a valid format; the message names the field.',
  },
  PHONE_INVALID: {
    status: 400,
    description:
      'The phone number is not a US number of 10 digits (formatting and a leading +1 are allowed).',
  },
  LANGUAGE_NOT_FOUND: {
    status: 422,
    description: 'The language id is unknown or inactive (see `GET /document-languages`).',
  },
  PASSWORD_TOO_WEAK: {
    status: 422,
    description:
      'The new password breaks the password policy (10 to 200 characters, a letter and a digit, not containing the username); `errors` lists each rule broken.',
  },
  CURRENT_PASSWORD_REQUIRED: {
    status: 400,
    description:
      'Changing the username, the password or the email needs the current `password` in the same request.',
  },
  CURRENT_PASSWORD_INCORRECT: {
    status: 401,
    description: "The current `password` sent to change the customer's account is not correct.",
  },
  NOTIFICATION_EMAIL_MISSING: {
    status: 422,
    description: 'Notifications were turned on for an email address the customer does not have.',
  },
  LINK_CREDENTIALS_INVALID: {
    status: 401,
    description: 'The username or password of the login to link is not correct, or that login is disabled.',
  },
  LINK_SAME_ACCOUNT: {
    status: 422,
    description: 'The login to link is the one the customer is signed in with.',
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    description:
      'The password reset security token was not issued by this server, or its customer is disabled.',
  },
  RESET_TOKEN_USED: {
    status: 410,
    description:
      'The password reset link was already used (each works once); ask for a new one with forgot-password.',
  },
  RESET_TOKEN_EXPIRED: {
    status: 410,
    description:
      'The password reset link has expired (links last 60 minutes); ask for a new one with forgot-password.',
  },
  PAYMENT_IN_PROGRESS: {
    status: 409,
    description:
      'A payment with this Idempotency-Key is still being processed, or another deposit payment of the enrollment is (charged, or its answer not yet known): ask again shortly, and pay the deposit again only once that payment has failed.',
  },
  PAYMENT_PROFILE_UNKNOWN: {
    status: 422,
    description: 'The payment profile is not a live profile of this customer.',
  },
  DEPOSIT_NOT_DUE: { status: 409, description: 'The enrollment has no deposit due.' },
  GATEWAY_TRANSACTION_UNKNOWN: {
    status: 422,
    description: 'The payment gateway has no charge with that transaction id for this retail company.',
  },
  GATEWAY_TRANSACTION_NOT_CAPTURED: {
    status: 422,
    description:
      'The gateway transaction is declined, only authorized, voided or returned: only a captured charge counts as paid.',
  },
  GATEWAY_AMOUNT_MISMATCH: {
    status: 422,
    description: 'The gateway charged another amount than the one recorded (or less than the deposit due).',
  },
  CHARGE_ALREADY_RECORDED: {
    status: 409,
    description:
      'That gateway transaction is already recorded (for this or another enrollment); it counts once.',
  },
  DEPOSIT_AMOUNT_MISMATCH: {
    status: 422,
    description: 'A deposit payment must be for exactly the deposit due.',
  },
  RETURN_URL_NOT_ALLOWED: {
    status: 400,
    description:
      'A hosted payment page return URL (callbackSuccessURL, callbackErrorURL) is not an http(s) URL on one of the origins the company registered in payment_return_origins.',
  },
  PAYMENT_AMOUNT_TOO_LARGE: {
    status: 422,
    description: "A payment is larger than the company's largest single payment (max_single_payment_cents).",
  },
  PAYMENT_LINK_INVALID: {
    status: 403,
    description: 'The hosted payment link was altered or belongs to another enrollment.',
  },
  AUTORESPONDER_TRIGGER_UNKNOWN: {
    status: 422,
    description: 'The trigger is not in the autoresponder trigger table (see Autoresponder Triggers).',
  },
  AUTORESPONDER_VARIABLE_UNKNOWN: {
    status: 422,
    description:
      'The template uses a {{variable}} that is not in the replacement-variable table or that its trigger does not provide.',
  },
  AUTORESPONDER_PACKAGE_INVALID: {
    status: 422,
    description:
      "A new autoresponder package names a brand or customer type that is not the company's, or an unknown language.",
  },
  SERVICE_TASK_RUNNING: {
    status: 409,
    description:
      'The service task is running already, on this node or another (it holds the task’s lease): wait for that run to end, then run it again if needed.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_CODES[code].status;
  }
}

export const notFound = (what: string) => new ApiError('NOT_FOUND', `${what} was not found.`);
