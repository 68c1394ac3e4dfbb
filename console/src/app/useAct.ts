import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { OpsApiError } from '../api/http';

/**
 * A console action: runs it, says `done` (or the server's Chinese refusal), and asks the console's data again
 * whatever the outcome (the act may have been taken by someone else meanwhile).
 */
export function useAct() {
  const client = useQueryClient();
  const { message } = App.useApp();
  return async (act: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await act();
      message.success(done);
      return true;
    } catch (e) {
      message.error(e instanceof OpsApiError ? e.desc : '操作失败，请稍后重试');
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: ['ops'] });
    }
  };
}
