# What the device-session scripts (bench/scripts/*_session.sh) do first; sourced, with the script's arguments:
# OUT_DIR (made) and the step (what, default all); moves to the repository root, puts nvcc on PATH, and starts
# OUT_DIR/session.log with the GPUs and their links.
out=${1:?output directory}
what=${2:-all}
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out"
log="$out/session.log"
nvidia-smi --query-gpu=index,name,memory.total --format=csv > "$log" 2>&1
nvidia-smi topo -m >> "$log" 2>&1
