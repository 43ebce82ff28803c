import { useQuery } from '@tanstack/react-query';
import { facesQuery } from '../../../lib/queries/faces.ts';

/** The user's faces (product §7). */
export function useFaces(email: string | undefined) {
  return useQuery(facesQuery(email));
}
