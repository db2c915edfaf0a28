// The office reached over PostgreSQL (office/client.ts), loaded when first used so a profile
// without an office never loads node-postgres.
import type { OfficeDriver } from './service';

export const postgresOffice: OfficeDriver = {
  check: async (url, password) => (await import('./client')).OfficeClient.check({ url, password }),
  connect: async (url, password) => (await import('./client')).OfficeClient.connect({ url, password }),
};
