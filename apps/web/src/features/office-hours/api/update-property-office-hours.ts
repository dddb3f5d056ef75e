import { apiPaths, propertyOfficeHoursSchema } from '@leasing/contract';
import type { PropertyOfficeHours, PropertyOfficeHoursUpdate } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OFFICE_HOURS_QUERY_KEY } from './get-office-hours';

export type UpdatePropertyOfficeHoursInput = PropertyOfficeHoursUpdate & { propertyId: string };

export function updatePropertyOfficeHours({
  propertyId,
  ...update
}: UpdatePropertyOfficeHoursInput): Promise<PropertyOfficeHours> {
  return apiRequest(apiPaths.propertyOfficeHours(propertyId), {
    method: 'PUT',
    body: update,
    schema: propertyOfficeHoursSchema,
  });
}

export const useUpdatePropertyOfficeHours = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyOfficeHours,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFICE_HOURS_QUERY_KEY }),
  });
};
