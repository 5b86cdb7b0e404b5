import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Where the docs site's Operations Console pictures are written, overwritten at every run. */
const PICTURES = path.resolve(__dirname, '../../apps/docs/static/img/console');

/**
 * Waits until the page has nothing left to load (no request in flight, no skeleton, no busy region, fonts in) and
 * the pointer rests where it highlights nothing, then writes the picture apps/docs/static/img/console/<screen>.png.
 */
export async function picture(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  const viewport = page.viewportSize();
  await page.mouse.move((viewport?.width ?? 1280) - 1, (viewport?.height ?? 800) - 1);
  mkdirSync(PICTURES, { recursive: true });
  await page.screenshot({
    path: path.join(PICTURES, `${screen}.png`),
    type: 'png',
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
  });
}
