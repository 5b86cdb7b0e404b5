import { buildSite } from './app.js';
import { loadSiteConfig, SiteConfigError } from './config.js';

/** Starts the self-service site on SELF_SERVICE_PORT; `npm start` runs it in the API's process. */
export async function startSite(): Promise<void> {
  const config = loadSiteConfig();
  const site = await buildSite(config);
  await site.listen({ host: config.host, port: config.port });
  site.log.info(`Voltin self-service site on http://${config.host}:${config.port}/ (API: ${config.apiUrl})`);
}

// Run directly (`node dist-server/main.js`), it starts at once; imported, it waits to be asked.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  startSite().catch((error: unknown) => {
    console.error(error instanceof SiteConfigError ? error.message : error);
    process.exit(1);
  });
}
