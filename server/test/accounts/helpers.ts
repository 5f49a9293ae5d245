export { ADMIN, BASE_INFO, installedSite, tempDir, type InstalledSite } from '../support/site';
