// Auto-generated from instances.vantage.sh data
// Last updated: 2026-01-21

var instanceData = [
  {
    "name": "g7e.12xlarge",
    "apiName": "g7e.12xlarge",
    "gpu": "NVIDIA RTX PRO 6000 Blackwell",
    "gpuCount": 2,
    "gpuMemory": "96 GB GDDR7",
    "vcpu": 48,
    "memory": "512 GB",
    "network": "400 Gigabit",
    "storage": "3800 GB SSD",
    "pricing": {
      "us-east-1": {
        "onDemand": 8.28608
      },
      "us-east-2": {
        "onDemand": 8.28608
      }
    },
    "availability": [
      "us-east-1",
      "us-east-2"
    ],
    "generation": "current",
    "family": "GPU instance"
  },
  {
    "name": "g7e.24xlarge",
    "apiName": "g7e.24xlarge",
    "gpu": "NVIDIA RTX PRO 6000 Blackwell",
    "gpuCount": 4,
    "gpuMemory": "96 GB GDDR7",
    "vcpu": 96,
    "memory": "1024 GB",
    "network": "800 Gigabit",
    "storage": "3800 GB (2 × 1900 GB SSD)",
    "pricing": {
      "us-east-1": {
        "onDemand": 16.57216
      },
      "us-east-2": {
        "onDemand": 16.57216
      }
    },
    "availability": [
      "us-east-1",
      "us-east-2"
    ],
    "generation": "current",
    "family": "GPU instance"
  },
  {
    "name": "g7e.2xlarge",
    "apiName": "g7e.2xlarge",
    "gpu": "NVIDIA RTX PRO 6000 Blackwell",
    "gpuCount": 1,
    "gpuMemory": "96 GB GDDR7",
    "vcpu": 8,
    "memory": "64 GB",
    "network": "50 Gigabit",
    "storage": "1900 GB SSD",
    "pricing": {
      "us-east-1": {
        "onDemand": 3.36312
      },
      "us-east-2": {
        "onDemand": 3.36312
      }
    },
    "availability": [
      "us-east-1",
      "us-east-2"
    ],
    "generation": "current",
    "family": "GPU instance"
  },
  {
    "name": "g7e.48xlarge",
    "apiName": "g7e.48xlarge",
    "gpu": "NVIDIA RTX PRO 6000 Blackwell",
    "gpuCount": 8,
    "gpuMemory": "96 GB GDDR7",
    "vcpu": 192,
    "memory": "2048 GB",
    "network": "1600 Gigabit",
    "storage": "3800 GB (4 × 950 GB SSD)",
    "pricing": {
      "us-east-1": {
        "onDemand": 33.14432
      },
      "us-east-2": {
        "onDemand": 33.14432
      }
    },
    "availability": [
      "us-east-1",
      "us-east-2"
    ],
    "generation": "current",
    "family": "GPU instance"
  },
  {
    "name": "g7e.4xlarge",
    "apiName": "g7e.4xlarge",
    "gpu": "NVIDIA RTX PRO 6000 Blackwell",
    "gpuCount": 1,
    "gpuMemory": "96 GB GDDR7",
    "vcpu": 16,
    "memory": "128 GB",
    "network": "50 Gigabit",
    "storage": "1900 GB SSD",
    "pricing": {
      "us-east-1": {
        "onDemand": 3.99816
      },
      "us-east-2": {
        "onDemand": 3.99816
      }
    },
    "availability": [
      "us-east-1",
      "us-east-2"
    ],
    "generation": "current",
    "family": "GPU instance"
  },
  {
    "name": "g7e.8xlarge",
    "apiName": "g7e.8xlarge",
    "gpu": "NVIDIA RTX PRO 6000 Blackwell",
    "gpuCount": 1,
    "gpuMemory": "96 GB GDDR7",
    "vcpu": 32,
    "memory": "256 GB",
    "network": "100 Gigabit",
    "storage": "1900 GB SSD",
    "pricing": {
      "us-east-1": {
        "onDemand": 5.26824
      },
      "us-east-2": {
        "onDemand": 5.26824
      }
    },
    "availability": [
      "us-east-1",
      "us-east-2"
    ],
    "generation": "current",
    "family": "GPU instance"
  }
];
