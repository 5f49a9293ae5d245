import { LegalPage } from './legal-page';

/** /tos */
export default function TosScreen() {
  return <LegalPage type="tos" />;
}
