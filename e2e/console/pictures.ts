import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Where the docs site's pictures of the console are written (overwritten at every run of the browser tests). */
const PICTURES = path.resolve(__dirname, '../../apps/docs/static/img/console');

/**
 * Waits until the page has nothing left to load (no request in flight, no skeleton, no busy region, fonts in) and
 * the pointer rests where it highlights nothing, then writes the picture.
 */
export async function picture(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(1279, 799);
  mkdirSync(PICTURES, { recursive: true });
  await page.screenshot({
    path: path.join(PICTURES, `${screen}.png`),
    type: 'png',
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
  });
}
