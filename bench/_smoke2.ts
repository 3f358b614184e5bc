import { createQuoteEngine, amountOutOf } from '../server/src/quote/index.ts';
import { BUILTIN_TOKENS } from '../src/config/tokens.ts';
const big = createQuoteEngine({ seed: 7, tokens: { Ethereum: BUILTIN_TOKENS.Ethereum! }, poolsPerNetwork: 5000 });
const toks = big.tokens('Ethereum');
const run = (label: string) => { const times: {t:number,i:number}[] = [];
for (let i = 0; i < 3000; i++) { const a = toks[i % toks.length]!, b = toks[(i * 7919 + 3) % toks.length]!; const s = performance.now(); big.quote({ network: 'Ethereum', tokenInAddress: a.address, tokenOutAddress: b.address, amountIn: 10n ** BigInt(a.decimals) }); times.push({t: performance.now() - s, i}); }
const sorted = [...times].sort((x, y) => x.t - y.t); console.log(label, 'p50', sorted[1500]!.t.toFixed(3), 'p99', sorted[2970]!.t.toFixed(3), 'max', sorted[2999]!.t.toFixed(3), 'slowest i', sorted.slice(-5).map(x=>x.i)); };
run('cold'); run('warm');
// per kind timing
const pools = big.pools('Ethereum');
for (const kind of ['v2','v3','stable','weighted']) { const ps = pools.filter(p=>p.kind===kind).slice(0,200); const s=performance.now(); let n=0; for (let r=0;r<20;r++) for (const p of ps){ amountOutOf(p,p.token0,p.reserve0/1000n); n++;} console.log(kind, ps.length, ((performance.now()-s)/n*1000).toFixed(2),'us'); }
