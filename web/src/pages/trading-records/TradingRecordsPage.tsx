import { UnderConstruction } from '../../components/UnderConstruction';

/** /trading/tradingRecord: the transaction ledger. Built by a later issue. */
export default function TradingRecordsPage() {
  return (
    <UnderConstruction feature="交易记录将列出放款、还款、服务费缴纳、退款和优惠券使用等每一笔交易。"></UnderConstruction>
  );
}
