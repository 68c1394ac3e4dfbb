import type { OutboxMessage } from '@loan/domain';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const CHANNEL_NAMES: Record<OutboxMessage['channel'], string> = { sms: '短信', email: '邮件' };

function row(m: OutboxMessage): string {
  const cells = [m.createdAt, CHANNEL_NAMES[m.channel], m.recipient, m.subject, m.body];
  return `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
}

/** The developer outbox: the latest messages the sandbox "sent". */
export function outboxPage(messages: OutboxMessage[], jsonUrl: string): string {
  const rows = messages.length
    ? messages.map(row).join('\n')
    : '<tr><td colspan="5" class="empty">暂无数据</td></tr>';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>开发者收件箱（沙箱）</title>
<style>
body { font-family: system-ui, "Noto Sans CJK SC", sans-serif; margin: 24px; color: #1f1f1f; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #d9d9d9; padding: 6px 10px; text-align: left; vertical-align: top; }
th { background: #fafafa; }
.note, .empty { color: #8c8c8c; }
</style>
</head>
<body>
<h1>开发者收件箱（沙箱）</h1>
<p class="note">沙箱不会真正发送短信或邮件，这里列出最近 ${messages.length} 条“已发送”的消息（含验证码）。仅在非生产环境提供。
JSON：<a href="${escapeHtml(jsonUrl)}">${escapeHtml(jsonUrl)}</a></p>
<table>
<thead><tr><th>时间</th><th>渠道</th><th>收件人</th><th>标题</th><th>内容</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
