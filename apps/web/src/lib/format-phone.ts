/**
 * North American numbers as agents write them ('+15125550101' → '(512) 555-0101'); any other
 * number is shown exactly as stored.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const isInternational = value.trim().startsWith('+');
  let national: string | null = null;
  if (digits.length === 11 && digits.startsWith('1')) national = digits.slice(1);
  else if (digits.length === 10 && !isInternational) national = digits;
  if (!national) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
