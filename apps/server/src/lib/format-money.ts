/** Money as the payer and staff read it (en-US): `formatCents(5000)` is "$50.00". */
export const formatCents = (amountCents: number, currency = 'USD') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amountCents / 100);
