export default function EnrollmentPage(_: { customerId: number; enrollmentId: number }) {
  return null;
}
