#SBATCH --job-name=no-interpreter
#SBATCH --time=10

echo hello
