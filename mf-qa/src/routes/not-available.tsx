export default function NotAvailable() {
  return <p data-testid="qa-not-available">Not available yet</p>;
}
