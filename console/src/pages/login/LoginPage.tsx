import type { OpsLoginResult, OpsSignedIn } from '@loan/domain';
import { RSP } from '@loan/domain';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { saveOpsSession } from '../../app/session';
import { ChangePasswordStep } from './ChangePasswordStep';
import { CodeStep } from './CodeStep';
import { EnrolStep } from './EnrolStep';
import { PasswordStep } from './PasswordStep';
import { RecoveryCodesStep } from './RecoveryCodesStep';

type Step =
  | { kind: 'password'; notice: string | null }
  | { kind: 'totp' | 'recovery' | 'enrol' | 'change'; challenge: string }
  | { kind: 'codes'; signedIn: OpsSignedIn };

const STEP_OF = { TOTP: 'totp', ENROL: 'enrol', CHANGE_PASSWORD: 'change' } as const satisfies Record<
  OpsLoginResult['next'],
  string
>;

const EXPIRED_NOTICE = '登录已超时，请重新输入账号和密码';

/** The console's sign-in: password, then the authenticator's code (or binding one first, or a recovery code). */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const idle = new URLSearchParams(location.search).get('reason') === 'expired';
  const [step, setStep] = useState<Step>({
    kind: 'password',
    notice: idle ? '长时间未操作，已退出运营后台，请重新登录' : null,
  });

  const enter = (signedIn: OpsSignedIn) => {
    saveOpsSession({ opsToken: signedIn.opsToken, operator: signedIn.operator });
    navigate('/', { replace: true });
  };
  const restart = (code: string) => {
    if (code === RSP.OPS_CHALLENGE_EXPIRED) setStep({ kind: 'password', notice: EXPIRED_NOTICE });
  };

  return (
    <main className="ops-login">
      <Card className="ops-login-card">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          运营后台
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          跨境电商融资服务平台 · 仅限授权运营人员使用
        </Typography.Paragraph>
        {step.kind === 'password' && (
          <PasswordStep
            notice={step.notice}
            onPassed={(result) => setStep({ kind: STEP_OF[result.next], challenge: result.challenge })}
          />
        )}
        {step.kind === 'change' && (
          <ChangePasswordStep
            challenge={step.challenge}
            onChanged={(result) => setStep({ kind: STEP_OF[result.next], challenge: result.challenge })}
            onChallengeEnded={restart}
          />
        )}
        {(step.kind === 'totp' || step.kind === 'recovery') && (
          <CodeStep
            challenge={step.challenge}
            mode={step.kind}
            onSwitch={() =>
              setStep({ kind: step.kind === 'totp' ? 'recovery' : 'totp', challenge: step.challenge })
            }
            onSignedIn={enter}
            onChallengeEnded={restart}
          />
        )}
        {step.kind === 'enrol' && (
          <EnrolStep
            challenge={step.challenge}
            onEnrolled={(signedIn) => setStep({ kind: 'codes', signedIn })}
            onChallengeEnded={restart}
          />
        )}
        {step.kind === 'codes' && (
          <RecoveryCodesStep signedIn={step.signedIn} onDone={() => enter(step.signedIn)} />
        )}
      </Card>
    </main>
  );
}
