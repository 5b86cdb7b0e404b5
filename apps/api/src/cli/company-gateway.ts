import { type GatewayAccountValues, saveGatewayAccount } from '../adapters/payment-gateway/index.js';
import { findCompanySettings } from '../modules/company/index.js';
import { seal } from '../security/secret-box.js';
import { runOperatorCommand } from './operator-database.js';

/**
 * `npm run company:gateway -- <company-slug> authorize-net|icheck [sandbox|production]`: sets the company's live
 * payment gateway account, sealed at rest. The secrets come from the environment, never from the command line or
 * the company file (shell history, process lists): GATEWAY_LOGIN_ID and GATEWAY_TRANSACTION_KEY (Authorize.Net's API
 * login id and transaction key, or iCheckGateway's SiteID and SiteKey), plus GATEWAY_API_KEY and GATEWAY_ENDPOINT
 * for iCheckGateway. The company file's
 * settings.payment_gateway must name the same gateway.
 */
const GATEWAYS = { 'authorize-net': 'AuthorizeNET', icheck: 'iCheckGateway' } as const;
const ENVIRONMENTS = ['sandbox', 'production'];
const USAGE =
  'GATEWAY_LOGIN_ID=… GATEWAY_TRANSACTION_KEY=… npm run company:gateway -- <company-slug> <authorize-net|icheck> [production|sandbox]';

runOperatorCommand(
  USAGE,
  (args) =>
    (args.length === 2 || args.length === 3) &&
    args[1]! in GATEWAYS &&
    (args[2] === undefined || ENVIRONMENTS.includes(args[2])),
  async ({ db, keys, company }, [gatewayName, environment = 'production']) => {
    const gateway = GATEWAYS[gatewayName as keyof typeof GATEWAYS];
    const env = (name: string) => process.env[name]?.trim() || null;
    const loginId = env('GATEWAY_LOGIN_ID');
    const transactionKey = env('GATEWAY_TRANSACTION_KEY');
    const apiKey = env('GATEWAY_API_KEY');
    const endpoint = env('GATEWAY_ENDPOINT');
    const missing = [
      ...(loginId ? [] : ['GATEWAY_LOGIN_ID']),
      ...(transactionKey ? [] : ['GATEWAY_TRANSACTION_KEY']),
      ...(gateway === 'iCheckGateway' && !apiKey ? ['GATEWAY_API_KEY'] : []),
      ...(gateway === 'iCheckGateway' && !endpoint ? ['GATEWAY_ENDPOINT'] : []),
    ];
    if (missing.length > 0) {
      console.error(
        `Set ${missing.join(', ')} in the environment of this command (never on its command line).`,
      );
      return 1;
    }
    if (endpoint && !endpoint.startsWith('https://')) {
      console.error('GATEWAY_ENDPOINT must be an https:// URL.');
      return 1;
    }
    const account: GatewayAccountValues = {
      gateway,
      api_login_id: loginId!,
      transaction_key_sealed: seal(keys.secretBox, transactionKey!),
      api_key_sealed: apiKey ? seal(keys.secretBox, apiKey) : null,
      endpoint,
      environment,
      active: 1,
    };
    const settings = await findCompanySettings(db, company.id);
    if (settings?.payment_gateway !== gateway) {
      // The company file stays the one place the gateway is chosen: applying it again must not undo this command.
      console.error(
        `${company.name}'s company file names the payment gateway ${settings?.payment_gateway ?? '(none)'}; set settings.payment_gateway to ${gateway} and apply it first.`,
      );
      return 1;
    }
    await saveGatewayAccount(db, company.id, account);
    console.log(
      `${company.name} now takes payments through ${gateway} (${environment}), login id ${loginId}; the keys are sealed.`,
    );
    return 0;
  },
);
