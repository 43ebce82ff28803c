import { useQuery } from '@tanstack/react-query';
import { facesQuery } from '../../../lib/queries/faces.ts';

/** How many faces the user has saved, from /faces's query. */
export function useFaceCount(email: string | undefined) {
  return useQuery({ ...facesQuery(email), select: (faces) => faces.length });
}
