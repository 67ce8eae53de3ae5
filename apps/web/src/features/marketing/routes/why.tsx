export function WhyPage() {
  return <h1>WhyPage</h1>;
}
