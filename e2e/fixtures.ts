import { test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';
import { chromiumPath } from './environment';

type Fixtures = {
  /** Skips the test, before any browser starts, when no Chromium is installed. */
  requireBrowser: undefined;
  /** Console messages that a test expects (for example the 404 of a missing page); matched on their text. */
  allowedConsoleErrors: RegExp[];
  /** Fails the test if any page of its browser context logged a console error or threw. */
  consoleGuard: undefined;
};

/**
 * The test object of every browser test: skips everything (loudly, see playwright.config.ts) when no
 * Chromium is installed, and checks that no page logged an error to the console.
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  requireBrowser: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; there are none.
    async ({}, use, testInfo) => {
      testInfo.skip(!chromiumPath, 'No Chromium installed: see the warning printed by playwright.config.ts');
      await use(undefined);
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ requireBrowser, context, allowedConsoleErrors }, use) => {
      void requireBrowser;
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() !== 'error') return;
          const text = `${message.text()} (${message.location().url})`;
          if (!allowedConsoleErrors.some((pattern) => pattern.test(text)))
            problems.push(`${page.url()}: ${text}`);
        });
        page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(undefined);
      expect(problems, 'console errors on the pages visited').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has hydrated the page, so that clicks and shortcuts reach their handlers: the colour
 * mode switch is disabled in the server-rendered HTML and enabled once the page runs in the browser.
 */
export async function waitUntilInteractive(page: Page): Promise<void> {
  await expect(
    page.locator('button[aria-label^="Switch between dark and light mode"]').first(),
  ).toBeEnabled();
}
