import type { Property } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { findPropertyById, listCompanyProperties } from './properties.repository.js';

export const listProperties = async (db: Db, companyId: string): Promise<Property[]> =>
  (await listCompanyProperties(db, companyId)).map((row) => ({
    _id: row.id,
    name: row.name,
    pmsPropertyId: row.pmsPropertyId,
    address: row.address,
    leadCount: Number(row.leadCount),
  }));

/** The property, if it exists and belongs to the company: 404 when unknown, 403 when another's. */
export const getCompanyProperty = async (db: Db, companyId: string, propertyId: string) => {
  const property = await findPropertyById(db, propertyId);
  if (!property) throw notFound('Property');
  if (property.companyId !== companyId) throw forbidden();
  return property;
};

/** The property if it belongs to the company; another company's is as unknown as a missing one. */
export const findCompanyProperty = async (db: Db, companyId: string, propertyId: string) => {
  const property = await findPropertyById(db, propertyId);
  return property?.companyId === companyId ? property : undefined;
};
