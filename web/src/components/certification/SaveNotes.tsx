import { Alert } from 'antd';

/** Above a certification form: its refusal (error) and the remarks on its own last save (warnings). */
export function SaveNotes({ error, warnings }: { error: string | null; warnings: readonly string[] }) {
  return (
    <>
      {error && (
        <Alert className="form-alert" type="error" showIcon title={error} style={{ marginBottom: 16 }} />
      )}
      {warnings.map((w) => (
        <Alert
          key={w}
          className="form-alert"
          type="warning"
          showIcon
          title={w}
          style={{ marginBottom: 16 }}
        />
      ))}
    </>
  );
}
