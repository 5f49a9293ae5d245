import { LegalPage } from './legal-page';

/** /privacy */
export default function PrivacyScreen() {
  return <LegalPage type="privacy" />;
}
