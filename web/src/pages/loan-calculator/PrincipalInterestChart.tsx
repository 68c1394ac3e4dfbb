import { fenToYuan, type Schedule } from '@loan/domain';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** For display only: the chart draws floats, the table shows the exact amounts. */
const yuan = (fen: number) => Number(fenToYuan(fen));

/** Stacked bars of principal and interest per period. Loaded lazily: ECharts is a large chunk. */
export default function PrincipalInterestChart({ schedule }: { schedule: Schedule }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const resize = () => instance.resize();
    const observer = new ResizeObserver(resize);
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const { instalments } = schedule;
    chart.current?.setOption(
      {
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          valueFormatter: (v: unknown) => `${v} 元`,
        },
        legend: { data: ['本金', '利息'], top: 0 },
        grid: { left: 8, right: 8, bottom: 8, top: 36, containLabel: true },
        xAxis: { type: 'category', name: '期', data: instalments.map((i) => String(i.period)) },
        yAxis: { type: 'value', name: '元' },
        series: [
          { name: '本金', type: 'bar', stack: 'payment', data: instalments.map((i) => yuan(i.principalFen)) },
          { name: '利息', type: 'bar', stack: 'payment', data: instalments.map((i) => yuan(i.interestFen)) },
        ],
      },
      { notMerge: true },
    );
  }, [schedule]);

  return <div ref={element} className="calc-chart" role="img" aria-label="每期本金与利息柱状图" />;
}
