import { DownloadOutlined } from '@ant-design/icons';
import { formatYuan, yuanToFen } from '@loan/domain';
import { App, Button } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';

/** Yuan text ("12345.60") as the console shows money: "12,345.60", never wrapped; "—" for none. */
export function money(yuan: string | null | undefined) {
  if (yuan === null || yuan === undefined) return '—';
  return <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(yuanToFen(yuan))}</span>;
}

/** A money column: its title with 元, right-aligned, wide enough for the figure (the table scrolls when narrow). */
export function moneyColumn<T>(title: string, dataIndex: keyof T & string, width = 150) {
  return {
    title: `${title}（元）`,
    dataIndex,
    key: dataIndex,
    align: 'right' as const,
    width,
    render: (v: string | null) => money(v),
  };
}

/** 导出 Excel: runs the download, shows a refusal's Chinese text. */
export function ExportButton({ run, label = '导出 Excel' }: { run: () => Promise<void>; label?: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await run();
    } catch (e) {
      message.error(e instanceof OpsApiError ? e.desc : '导出失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={click}>
      {label}
    </Button>
  );
}
