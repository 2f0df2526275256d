import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { whenSettled } from '../when-settled.ts';

/**
 * False until the app's reads are in and the browser has had an idle moment (whenSettled): for parts
 * the member did not come for, mounted after the screen they did so that they do not lengthen its start.
 */
export function useSettled(): boolean {
  const client = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let mounted = true;
    void whenSettled(client).then(() => {
      if (mounted) setSettled(true);
    });
    return () => {
      mounted = false;
    };
  }, [client]);
  return settled;
}
