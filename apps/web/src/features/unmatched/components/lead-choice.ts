/** A lead the 'Move to lead' search offers. */
export type LeadChoice = {
  _id: string;
  name: string;
  propertyName: string;
  phone: string | null;
  email: string | null;
};

/** Finds the company's leads by name, phone or email (the page passes the inbox search). */
export type SearchLeads = (search: string, signal?: AbortSignal) => Promise<LeadChoice[]>;
