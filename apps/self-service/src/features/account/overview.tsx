export default function Overview(_: { customerId: number }) {
  return null;
}
