import { useCallback, useMemo } from 'react';
import { webhookList } from '../../../shared/alarms/notify-contracts';
import { accountGetList } from '../../../shared/org/contracts';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';

/** The webhooks (alarm:admin). */
export function useWebhooks() {
  const load = useCallback((signal: AbortSignal) => api(webhookList, {}, { signal }), []);
  return useLoad(load);
}

/** Everyone an administrator may bind or notify (org:read): options and names by id. */
export function useUsers() {
  const load = useCallback((signal: AbortSignal) => api(accountGetList, { page: 1, pageSize: 1000 }, { signal }), []);
  const users = useLoad(load);
  return useMemo(() => {
    const items = users.data?.items ?? [];
    return {
      options: items.map((u) => ({ key: u.userid, value: u.userid, title: `${u.username} (${u.loginname})`, label: `${u.username} (${u.loginname})` })),
      nameOf: new Map(items.map((u) => [u.userid, u.username])),
    };
  }, [users.data]);
}
