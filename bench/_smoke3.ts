import { createQuoteEngine } from '../server/src/quote/index.ts';
import { BUILTIN_TOKENS } from '../src/config/tokens.ts';
const big = createQuoteEngine({ seed: 7, tokens: { Ethereum: BUILTIN_TOKENS.Ethereum! }, poolsPerNetwork: 5000 });
const toks = big.tokens('Ethereum');
const res: {t:number, a:string, b:string}[] = [];
for (let rep=0; rep<3; rep++) for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) { if (i===j) continue; const a = toks[i]!, b = toks[j]!; const s = performance.now(); big.quote({ network: 'Ethereum', tokenInAddress: a.address, tokenOutAddress: b.address, amountIn: 10n ** BigInt(a.decimals) }); if (rep===2) res.push({t: performance.now() - s, a: a.symbol, b: b.symbol}); }
res.sort((x,y)=>y.t-x.t); console.log(res.slice(0,15).map(r=>`${r.a}>${r.b} ${r.t.toFixed(2)}`).join('\n'));
const byA = new Map<string, number[]>(); for (const r of res) { (byA.get(r.a) ?? byA.set(r.a, []).get(r.a)!).push(r.t); }
console.log([...byA].map(([k,v])=>k+':'+(v.reduce((x,y)=>x+y,0)/v.length).toFixed(2)).join(' '));
