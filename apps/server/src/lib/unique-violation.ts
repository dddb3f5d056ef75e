/** Drizzle wraps the driver's error; PostgreSQL's code (23505) is on it or on its cause. */
export const isUniqueViolation = (error: unknown) => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === '23505' || cause?.code === '23505';
};
