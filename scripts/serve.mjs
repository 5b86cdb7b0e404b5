// Serves what is built, in this process: the API with the docs site on PORT (3000), the Operations console on
// CONSOLE_PORT (3001) and the self-service site on SELF_SERVICE_PORT (3002). `npm start` builds first, then runs it.
// The site is a proxy in front of the API on the same machine: the API believes the visitor address it forwards
// (for the customer login throttle) when TRUST_PROXY names no other proxies.
process.env.TRUST_PROXY ??= 'loopback';
await import('../apps/api/dist/server.js');
const { startSite } = await import('../apps/self-service/dist-server/main.js');
await startSite();
