import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';

describe('upload quota settings', () => {
  it('default to 25 files and 100 MiB per customer, 5 GiB per retail company', () => {
    expect(loadConfig({}).uploadQuotas).toEqual({
      filesPerCustomer: 25,
      bytesPerCustomer: 104_857_600,
      bytesPerCompany: 5_368_709_120,
    });
  });

  it('read UPLOAD_QUOTA_FILES_PER_CUSTOMER, UPLOAD_QUOTA_BYTES_PER_CUSTOMER and UPLOAD_QUOTA_BYTES_PER_COMPANY', () => {
    const config = loadConfig({
      UPLOAD_QUOTA_FILES_PER_CUSTOMER: '10',
      UPLOAD_QUOTA_BYTES_PER_CUSTOMER: '20971520',
      UPLOAD_QUOTA_BYTES_PER_COMPANY: '10737418240',
    });
    expect(config.uploadQuotas).toEqual({
      filesPerCustomer: 10,
      bytesPerCustomer: 20_971_520,
      bytesPerCompany: 10_737_418_240,
    });
  });

  it('refuse values that are not whole numbers in range, naming each', () => {
    const attempt = () =>
      loadConfig({
        UPLOAD_QUOTA_FILES_PER_CUSTOMER: '0',
        UPLOAD_QUOTA_BYTES_PER_CUSTOMER: '1.5',
        UPLOAD_QUOTA_BYTES_PER_COMPANY: 'lots',
      });
    expect(attempt).toThrow(
      /UPLOAD_QUOTA_FILES_PER_CUSTOMER must be a whole number from 1 to 100000 \(got "0"\)/,
    );
    expect(attempt).toThrow(
      /UPLOAD_QUOTA_BYTES_PER_CUSTOMER must be a whole number from 1024 to \d+ \(got "1.5"\)/,
    );
    expect(attempt).toThrow(
      /UPLOAD_QUOTA_BYTES_PER_COMPANY must be a whole number from 1024 to \d+ \(got "lots"\)/,
    );
  });

  it('refuse a customer quota below the size of one file, and a company quota below a customer quota', () => {
    expect(() =>
      loadConfig({ UPLOAD_LIMIT_BYTES: '20971520', UPLOAD_QUOTA_BYTES_PER_CUSTOMER: '10485760' }),
    ).toThrow(/UPLOAD_QUOTA_BYTES_PER_CUSTOMER must be at least UPLOAD_LIMIT_BYTES/);
    expect(() =>
      loadConfig({
        UPLOAD_QUOTA_BYTES_PER_CUSTOMER: '209715200',
        UPLOAD_QUOTA_BYTES_PER_COMPANY: '104857600',
      }),
    ).toThrow(/UPLOAD_QUOTA_BYTES_PER_COMPANY must be at least UPLOAD_QUOTA_BYTES_PER_CUSTOMER/);
  });
});
