import type { MessageAnswer, PairedDevice } from '@seva/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { devicesQuery } from '../../../lib/queries/devices.ts';

/** DELETE /api/devices/:id: the glasses' token stops working at once; answers what to tell the user. */
export function useUnpairDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: PairedDevice) => apiFetch<MessageAnswer>(`/api/devices/${encodeURIComponent(device.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, device) => queryClient.setQueryData<PairedDevice[]>(devicesQuery().queryKey, (devices) => devices?.filter((d) => d.id !== device.id)),
    // Also after a refusal: glasses unpaired elsewhere meanwhile leave the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: devicesQuery().queryKey }),
  });
}
