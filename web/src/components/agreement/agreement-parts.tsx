import {
  AGREEMENT_KIND_INFO,
  type AgreementKind,
  type AgreementText,
  readingSecondsLeft,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { agreementTextQueryOptions } from '../../api/agreements';
import { safeRedirect } from '../../session/sign-in';
import { useSession } from '../../session/useSession';
import { QueryState } from '../QueryState';
import { StandaloneFrame } from '../StandaloneFrame';

/** The current text of an agreement, as the visitor or with the session's read token (agreementTextQueryOptions). */
function useAgreementText(kind: AgreementKind) {
  const signedIn = Boolean(useSession().accessToken);
  const query = useQuery(agreementTextQueryOptions(kind, signedIn));
  return { ...query, signedIn };
}

/** Whole seconds still to read, counted from when the text arrived (`startedAt`, ms; null: not yet). */
export function useReadingCountdown(kind: AgreementKind, startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = startedAt === null ? readingSecondsLeft(kind, 0) : readingSecondsLeft(kind, now - startedAt);
  useEffect(() => {
    if (startedAt === null || left === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [startedAt, left]);
  useEffect(() => {
    if (startedAt !== null) setNow(Date.now());
  }, [startedAt]);
  return left;
}

const HEADING = /^第[一二三四五六七八九十百]+条/;

/** The full text, paragraph by paragraph (blank lines separate them; "第…条" lines are headings). */
export function AgreementBody({ body, label }: { body: string; label: string }) {
  const paragraphs = body.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable text must be reachable by keyboard
      tabIndex={0}
      className="agreement-body"
      style={{
        maxHeight: '60vh',
        overflowY: 'auto',
        padding: '16px',
        border: '1px solid rgba(5, 5, 5, 0.08)',
        borderRadius: 8,
        lineHeight: 1.8,
        overflowWrap: 'anywhere',
      }}
    >
      {paragraphs.map((paragraph, i) => {
        const [first = '', ...rest] = paragraph.split('\n');
        const key = `${i}-${first.slice(0, 12)}`;
        if (HEADING.test(first)) {
          return (
            <div key={key}>
              <Typography.Title level={5} style={{ marginTop: i === 0 ? 0 : 16 }}>
                {first}
              </Typography.Title>
              {rest.map((line) => (
                <Typography.Paragraph key={line.slice(0, 24)} style={{ marginBottom: 8 }}>
                  {line}
                </Typography.Paragraph>
              ))}
            </div>
          );
        }
        return paragraph.split('\n').map((line) => (
          <Typography.Paragraph key={`${key}-${line.slice(0, 24)}`} style={{ marginBottom: 8 }}>
            {line}
          </Typography.Paragraph>
        ));
      })}
    </section>
  );
}

/** "请阅读协议（8 秒）" while the countdown runs. */
export const readingLabel = (left: number) => `请阅读协议（${left} 秒）`;

/** What an agreement page's part is given: the text as served, when it arrived (ms), whether one is signed in. */
export interface AgreementReading {
  text: AgreementText;
  startedAt: number;
  signedIn: boolean;
}

/** The page's own path with its query, and the same-site `?redirect=` to go on to (null when there is none). */
export function useAgreementReturn() {
  const location = useLocation();
  const [params] = useSearchParams();
  return { here: `${location.pathname}${location.search}`, redirect: safeRedirect(params.get('redirect')) };
}

/**
 * An agreement page: the standalone frame with its title (the text's own unless given), the text loading or
 * failing with 重新加载, then the page's part with the text, when it was served and whether one is signed in.
 */
export function AgreementFrame({
  kind,
  title,
  nav = false,
  children,
}: {
  kind: AgreementKind;
  title?: string;
  /** 返回 and the user menu in the top bar (StandaloneFrame) */
  nav?: boolean;
  children: (reading: AgreementReading) => ReactNode;
}) {
  const text = useAgreementText(kind);
  return (
    <StandaloneFrame width={880} nav={nav}>
      <Card variant="borderless">
        <Typography.Title level={3} className="standalone-title">
          {title ?? text.data?.title ?? AGREEMENT_KIND_INFO[kind].title}
        </Typography.Title>
        <QueryState query={text} failed="协议加载失败">
          {(data) => children({ text: data, startedAt: text.dataUpdatedAt, signedIn: text.signedIn })}
        </QueryState>
      </Card>
    </StandaloneFrame>
  );
}
